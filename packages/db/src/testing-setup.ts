// Setup file of the Node test projects (vitest.workspace.ts): the test databases a file opened
// (createTestDb, createSeededTestDb) are closed when it ends, so a Vitest worker that runs many
// files without isolation does not keep thousands of them open.
import { afterAll } from 'vitest';
import { closeTestDatabases } from './testing';

afterAll(closeTestDatabases);
