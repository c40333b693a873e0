// The run's one running Pagecast (test/support/pagecast.ts), handed to the test files through `inject`.
import type { TestProject } from 'vitest/node';
import { obtainCredential, startPagecast, type PagecastWorld } from './support/pagecast';

declare module 'vitest' {
  export interface ProvidedContext {
    pagecast: PagecastWorld & { credential: string };
  }
}

export default async function setup(project: TestProject) {
  const running = await startPagecast();
  try {
    project.provide('pagecast', {
      ...running.world,
      credential: await obtainCredential(running.world),
    });
  } catch (err) {
    await running.stop();
    throw err;
  }
  return running.stop;
}
