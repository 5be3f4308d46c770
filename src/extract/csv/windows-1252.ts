/**
 * Windows-1252 decoding. Node 20's `new TextDecoder('windows-1252')` decodes as ISO-8859-1 and
 * turns 0x80-0x9F (€, curly quotes, dashes) into C1 control characters
 * (https://github.com/nodejs/node/issues/56542), so we map that range ourselves.
 */
const HIGH_CONTROLS: readonly number[] = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

const C1 = /[\u0080-\u009f]/g;

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(C1, (char) =>
    String.fromCharCode(HIGH_CONTROLS[char.charCodeAt(0) - 0x80] ?? 0xfffd),
  );
}
