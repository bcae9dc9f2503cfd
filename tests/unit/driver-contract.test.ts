// @vitest-environment node
/** The drivers' contract (tests/fixtures/driver-contract.ts) over the in-memory driver, one store shared by two handles. */
import { memoryDriver } from '../../src/api/store/memory-driver.ts';
import { driverContract } from '../fixtures/driver-contract.ts';

driverContract('memory', async () => {
  const driver = memoryDriver();
  return { driver, other: driver };
});
