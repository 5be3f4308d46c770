import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClient, rememberSerializedPayload } from '../../src/platform/client.js';
import { testClient } from '../helpers/secrets.js';
import { smallMenu } from './fixture.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A loopback platform that answers every import with success and keeps the bodies it got. */
async function recordingPlatform(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"success":true}');
    });
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

describe('importMenu with a body serialized beforehand', () => {
  it('sends the remembered bytes of that payload object as they are', async () => {
    const platform = await recordingPlatform();
    const client = createPlatformClient({
      baseUrl: platform.url,
      auth: 'headers',
      credentials: testClient(),
    });
    const payload = smallMenu();
    // Indented on purpose: differs from JSON.stringify(payload), so the test sees which was sent.
    const body = rememberSerializedPayload(payload, JSON.stringify(payload, null, 1));
    await client.importMenu(payload);
    expect(platform.bodies).toEqual([body]);
  });

  it('serializes a payload nobody registered (an equal copy does not borrow its bytes)', async () => {
    const platform = await recordingPlatform();
    const client = createPlatformClient({
      baseUrl: platform.url,
      auth: 'headers',
      credentials: testClient(),
    });
    const payload = smallMenu();
    rememberSerializedPayload(payload, JSON.stringify(payload, null, 1));
    const copy = smallMenu();
    await client.importMenu(copy);
    expect(platform.bodies).toEqual([JSON.stringify(copy)]);
  });
});

describe('importMenu telling when the body is out', () => {
  it('calls onBodySent while the platform still holds its answer, and sends the body with its length', async () => {
    let bodyOut = (): void => undefined;
    const out = new Promise<void>((resolve) => (bodyOut = resolve));
    const seen: { length?: string; chunked?: string; body?: string } = {};
    const server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        Object.assign(seen, {
          length: request.headers['content-length'],
          chunked: request.headers['transfer-encoding'],
          body,
        });
        // The answer waits for the client to say its body is out: were it never said, the test times out.
        void out.then(() => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{"success":true}');
        });
      });
    });
    servers.push(server);
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const client = createPlatformClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      auth: 'headers',
      credentials: testClient(),
    });
    const payload = smallMenu();
    const body = rememberSerializedPayload(payload, Buffer.from(JSON.stringify(payload), 'utf8'));
    let calls = 0;
    const result = await client.importMenu(payload, {
      onBodySent: () => {
        calls += 1;
        bodyOut();
      },
    });
    expect(result).toEqual({ success: true, attempts: 1 });
    expect(calls).toBe(1);
    expect(seen).toEqual({
      length: String(body.byteLength),
      chunked: undefined,
      body: JSON.stringify(payload),
    });
  });
});
