export { startSandbox } from './server.js';
export { FaultSpec, FaultList } from './faults.js';
export * from './types.js';
export { sandboxClients, sandboxClient, writeClientSecrets } from './clients.js';
export { TamperSpec, type TamperResult } from './tamper.js';
