export * from './errors.ts';
export { type AddressPolicy, type AddressVerdict, checkAddress } from './ip-policy.ts';
export {
  createSafeFetch,
  type ResolvedAddress,
  type Resolver,
  SAFE_FETCH_DEFAULTS,
  type SafeFetch,
  type SafeFetchOptions,
} from './safe-fetch.ts';
