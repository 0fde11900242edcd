// The fuzz run's staff part (worker/test/fuzz-suite.ts says what each part covers and why it is split).
import { fuzzSuite } from './fuzz-suite';

fuzzSuite('staff');
