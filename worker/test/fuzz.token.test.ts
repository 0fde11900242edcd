// The fuzz run's API-token part (worker/test/fuzz-suite.ts says what each part covers and why it is split).
import { fuzzSuite } from './fuzz-suite';

fuzzSuite('token');
