import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { HUB_TOKEN_AUDIENCE, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TTL_SECONDS } from '@hcp/contracts';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export class Tokens {
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
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: TOKEN_ISSUER,
        audience,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'sid'],
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null;
      return { userId, sessionId: payload.sid };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  }
}
