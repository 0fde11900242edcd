import { afterAll } from 'vitest';
import { closeFileBrowser } from './fixtures';

// Runs once per test file, after its last test: the file's browser is shared by its tests.
afterAll(closeFileBrowser);
