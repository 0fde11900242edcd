/**
 * Test only: VIES's REST service as it answers check-vat-number, on 127.0.0.1. It checks each
 * request the way VIES does (method, path, JSON body, the requester's number) and records what it
 * refused for any other reason in `violations`, which a test asserts is empty.
 */
import { startFakeServer, type FakeServer } from './clouds/server';

export interface FakeViesOptions {
  /** Numbers VIES knows as valid, with their name and address. */
  registered: Record<string, { name: string; address: string }>;
  /** The requester every request must carry (our own VAT number). */
  requester: string;
  /** Member states whose registry is down: MS_UNAVAILABLE. */
  unavailable?: string[];
}

export interface FakeVies extends FakeServer {
  bodies: Array<Record<string, unknown>>;
}

export async function startFakeVies(options: FakeViesOptions): Promise<FakeVies> {
  const bodies: Array<Record<string, unknown>> = [];
  let consultations = 0;
  const server = await startFakeServer({
    rateLimited: () => ({ status: 200, body: { actionSucceed: false, errorWrappers: [{ error: 'GLOBAL_MAX_CONCURRENT_REQ' }] } }),
    handle(request, violation) {
      if (request.method !== 'POST' || request.path !== '/check-vat-number') {
        violation(`${request.method} ${request.path}: VIES serves POST /check-vat-number`);
        return { status: 404, body: { actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] } };
      }
      if (!request.headers['content-type']?.startsWith('application/json')) violation(`content-type ${request.headers['content-type']}: VIES takes JSON`);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        violation('the body is not JSON');
        return { status: 400, body: { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] } };
      }
      bodies.push(body);
      const { countryCode, vatNumber, requesterMemberStateCode, requesterNumber } = body;
      if (typeof countryCode !== 'string' || !/^[A-Z]{2}$/.test(countryCode)) violation(`countryCode ${String(countryCode)} is not a member state code`);
      if (typeof vatNumber !== 'string' || vatNumber === '' || vatNumber.startsWith(String(countryCode))) violation(`vatNumber ${String(vatNumber)} must be sent without its country prefix`);
      if (`${String(requesterMemberStateCode)}${String(requesterNumber)}` !== options.requester) violation(`requester ${String(requesterMemberStateCode)}${String(requesterNumber)} is not ${options.requester}`);
      if (options.unavailable?.includes(String(countryCode))) return { status: 200, body: { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'The member state service is unavailable' }] } };
      const full = `${String(countryCode)}${String(vatNumber)}`;
      const known = options.registered[full];
      consultations += 1;
      return {
        status: 200,
        body: {
          countryCode,
          vatNumber,
          requestDate: new Date().toISOString(),
          valid: known !== undefined,
          requestIdentifier: `WAPIAAAAZ${String(consultations).padStart(6, '0')}`,
          name: known?.name ?? '---',
          address: known?.address ?? '---',
          traderName: '---',
          traderCompanyType: '---',
        },
      };
    },
  });
  return Object.assign(server, { bodies });
}
