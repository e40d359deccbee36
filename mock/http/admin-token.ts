import { createHash, timingSafeEqual } from 'node:crypto';
import { readBearerCredentials } from '../core/bearer-credentials';

/**
 * `--admin-token`: whether an Authorization header is `Bearer <admin token>`, compared in constant
 * time (as digests, so the length is no clue either). Which requests need it is the front's business.
 * @example createAdminTokenCheck('s3cret')('Bearer s3cret') // true
 */
export function createAdminTokenCheck(adminToken: string): (authorization: string | undefined) => boolean {
  const expected = digest(adminToken);
  return (authorization) => {
    // A blank token never matches, whatever the mock was started with.
    const given = readBearerCredentials(authorization ?? '')?.trim();
    return given !== undefined && given !== '' && timingSafeEqual(digest(given), expected);
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
