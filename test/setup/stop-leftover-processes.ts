import { stopAllStarted } from '../support/app-runner';

// A test that fails half-way may leave an API or worker it started; stop them with the file.
afterAll(() => stopAllStarted(), 30_000);
