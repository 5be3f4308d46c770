/**
 * ISO-8859-16 (Romanian and South-East European Latin), a WHATWG encoding that Node 20's
 * TextDecoder does not know: bytes 0xA0-0xFF by table, the rest as Latin-1.
 */
const HIGH =
  '\u00a0ĄąŁ€„Š§š©Ș«Ź\u00adźŻ°±ČłŽ”¶·žčș»ŒœŸżÀÁÂĂÄĆÆÇÈÉÊËÌÍÎÏĐŃÒÓÔŐÖŚŰÙÚÛÜĘȚßàáâăäćæçèéêëìíîïđńòóôőöśűùúûüęțÿ';

export function decodeIso885916(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte >= 0xa0 ? HIGH[byte - 0xa0] : String.fromCharCode(byte);
  return text;
}
