import type { TestProject } from 'vitest/node';
import { startCluster } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/** TEST_DB=postgres: one cluster for the whole server suite; each test file gets its own database. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('pgAdminUrl', '');
    return;
  }
  const cluster = await startCluster();
  project.provide('pgAdminUrl', cluster.url());
  return () => cluster.stop();
}
