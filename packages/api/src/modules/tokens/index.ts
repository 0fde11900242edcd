// The tokens module's door: API tokens as the Worker authenticates them.
export { authenticateBearer, createToken, TOKEN_RATE_LIMIT, type BearerResult } from './service';
