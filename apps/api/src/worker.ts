// `pnpm --filter @pagecast/api worker`: the job workers alone, to scale them apart from the API.
import { exitOnStartupError, handleShutdown, startRuntime } from './runtime.js';

async function main() {
  const runtime = await startRuntime({ role: 'worker' });
  handleShutdown(runtime.logger, runtime.stop);
  runtime.logger.info('Pagecast worker is running');
}

main().catch((err: unknown) => exitOnStartupError(err));
