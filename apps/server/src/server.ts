// The entry point. Node's compile cache goes on before anything else is loaded: compiling the modules again is most
// of a start, and a restart after a crash must be ready within seconds (issue 2). The server itself is start-server.ts.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./start-server.ts');
