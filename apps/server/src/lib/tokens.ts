import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { HUB_TOKEN_AUDIENCE, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TTL_SECONDS } from '@hcp/contracts';
import { boundedCache } from './cache.ts';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

/** A token whose signature and claims checked out, with the times its validity depends on. */
interface Verified {
  claims: TokenClaims;
  exp: number;
  nbf: number | undefined;
}

/** Verified tokens kept per process: a signed-in clinician sends the same token for its whole 15 minutes. */
const VERIFIED_TOKENS = 10_000;

export class Tokens {
  /**
   * Tokens already verified, by audience and token text. A token's signature and claims never change, so only the
   * clock-dependent checks (exp, nbf) are made again on a hit, exactly as jose makes them; the session behind the
   * token is still read from the database on every call (plugins/auth.ts), so a revoked session is refused at once.
   */
  private readonly verified = boundedCache<string, Verified>({ max: VERIFIED_TOKENS });

  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds = TOKEN_TTL_SECONDS,
  ) {}

  sign(claims: TokenClaims, audience = TOKEN_AUDIENCE): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.secret);
  }

  signHub(claims: TokenClaims): Promise<string> {
    return this.sign(claims, HUB_TOKEN_AUDIENCE);
  }

  /** Null for any token that is malformed, tampered, expired, for another audience or not HS256. */
  async verify(token: string, audience = TOKEN_AUDIENCE): Promise<TokenClaims | null> {
    const key = `${audience}\n${token}`;
    const hit = this.verified.get(key);
    if (hit) {
      // jose's own comparisons: expired when exp <= now, not yet valid when nbf > now (whole seconds).
      const now = Math.floor(Date.now() / 1000);
      if (hit.exp <= now || (hit.nbf !== undefined && hit.nbf > now)) return null;
      return { ...hit.claims };
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: TOKEN_ISSUER,
        audience,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'sid'],
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
      const claims = { userId, sessionId: payload.sid };
      this.verified.set(key, { claims, exp: payload.exp!, nbf: payload.nbf });
      return { ...claims };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  }
}
