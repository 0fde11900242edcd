// The tokens module's door: API tokens as the Worker authenticates them.
export { authenticateBearer, createToken, type BearerResult } from './service';
