import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LEAD_SOURCE_ID,
  isValidEmail,
  messages,
  normalizeEmail,
  type SignUpCampaignQuery,
  type SignUpRequest,
  type ValidateResetGuidResponse,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { hashPassword, randomToken, sha256Hex, verifyAgainstDummy, verifyPassword } from '../../../lib/crypto.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../../lib/errors.ts';
import { escapeHtml } from '../../../lib/safe-text.ts';
import { recordEvent, type Hit } from '../../platform/index.ts';
import { firstKnownLeadSource, professionExists } from '../../reference-data/index.ts';
import { campaignColumns, campaignOf } from '../campaign.ts';
import * as repo from './repository.ts';
import { passwordPolicyProblem, type PasswordOwner } from './password-policy.ts';

/** Sessions live at most 30 days; a token is refreshed only while its session is live. */
const SESSION_DAYS = 30;
const RESET_TTL_MINUTES = 60;

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The request's id, so security events correlate with the request log. */
  requestId?: string;
}

/** Refuses short, long, blank, common, weak and guessable passwords for this account (400 weak_password). */
export function checkPassword(password: string, owner: PasswordOwner): void {
  const problem = passwordPolicyProblem(password, owner);
  if (problem) throw badRequest(problem, 'password', 'weak_password');
}

/** The account an attempt named, pseudonymous in the logs (the same email always gives the same value). */
export const accountRef = (email: string) => sha256Hex(`account:${email.trim().toLowerCase()}`).slice(0, 16);

export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  private async startSession(userId: number, client: ClientInfo) {
    const sessionId = randomUUID();
    await repo.insertSession(this.ctx.db, {
      id: sessionId,
      userId,
      expiresAt: new Date(this.ctx.now().getTime() + SESSION_DAYS * 86_400_000),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
    });
    return { sessionId, token: await this.ctx.tokens.sign({ userId, sessionId }) };
  }

  /** Creates the account with the campaign of the visit that led to it (the sign-up call's utm_* query). */
  async signUp(
    input: SignUpRequest,
    client: ClientInfo,
    campaign?: SignUpCampaignQuery,
    onCreated?: (userId: number) => Promise<void>,
  ): Promise<string> {
    await this.ctx.rateLimiter.consume('signUpPerIp', client.ip);
    checkPassword(input.WebPassword, {
      email: input.EmailAddress,
      firstName: input.FirstName,
      lastName: input.LastName,
    });
    if (!(await professionExists(this.ctx.db, input.ProfessionId)))
      throw badRequest('Unknown profession', 'ProfessionId');
    // Counted only for a well-formed attempt, so refused forms cannot use up someone else's address.
    await this.ctx.rateLimiter.consume('signUpPerAddress', normalizeEmail(input.EmailAddress));
    // A lead source the portal does not know (an old campaign link) is attribution, not a reason to refuse an account:
    // it counts as the default source, as a visit whose campaign matches no source name does.
    const leadSourceId = input.ReferralId
      ? await firstKnownLeadSource(this.ctx.db, [input.ReferralId, DEFAULT_LEAD_SOURCE_ID])
      : null;
    const passwordHash = await hashPassword(input.WebPassword);
    const user = await this.ctx.db.transaction(async (tx) => {
      const created = await repo.insertUser(tx, {
        email: input.EmailAddress.trim(),
        phone: input.PhoneNumber,
        firstName: input.FirstName.trim(),
        lastName: input.LastName.trim(),
        professionId: input.ProfessionId,
        leadSourceId,
        ...campaignColumns(campaign),
        passwordHash,
      });
      if (!created) throw conflict('email_exists', messages.emailExists);
      await recordEvent(tx, {
        type: 'clinician.signed_up',
        userId: created.id,
        payload: {
          userId: created.id,
          email: created.email,
          firstName: created.firstName,
          lastName: created.lastName,
          phoneNumber: created.phone,
          professionId: created.professionId,
          leadSourceId: created.leadSourceId,
          campaign: campaignOf(created),
          createdAt: created.createdAt.toISOString(),
        },
      });
      return created;
    });
    this.ctx.events.emit('user.signed-up', { userId: user.id });
    this.ctx.log.info(
      { event: 'auth.signup', outcome: 'success', userId: user.id, ip: client.ip, reqId: client.requestId },
      'security event',
    );
    if (onCreated) await onCreated(user.id);
    return (await this.startSession(user.id, client)).token;
  }

  /** Any failure is the same 401 'Invalid login credentials', whether or not the account exists. */
  async login(
    username: string,
    password: string,
    client: ClientInfo,
  ): Promise<{ token: string; userId: number; sessionId: string }> {
    const email = normalizeEmail(username);
    const failed = (reason: string, userId?: number) =>
      this.ctx.log.info(
        {
          event: 'auth.login',
          outcome: 'failure',
          reason,
          account: accountRef(email),
          userId,
          ip: client.ip,
          reqId: client.requestId,
        },
        'security event',
      );
    try {
      await this.ctx.rateLimiter.consume('loginPerIp', client.ip);
    } catch (e) {
      failed('rate_limited_ip');
      throw e;
    }
    if (!email || !password || password.length > 200) {
      failed('empty_or_oversized');
      throw unauthorized(messages.invalidLogin);
    }
    // The failure is counted before the password is evaluated and given back once it proves right:
    // a burst of guesses, on any number of processes, gets at most the limit's worth of evaluations.
    let attempt: Hit;
    try {
      attempt = await this.ctx.rateLimiter.consume('loginFailuresPerAccount', email);
    } catch (e) {
      failed('account_locked');
      throw e;
    }
    const user = isValidEmail(email) ? await repo.findUserByEmail(this.ctx.db, email) : undefined;
    if (!user) {
      await verifyAgainstDummy(password);
      failed('unknown_account');
      throw new AppError(401, 'invalid_credentials', messages.invalidLogin);
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      failed('wrong_password', user.id);
      throw new AppError(401, 'invalid_credentials', messages.invalidLogin);
    }
    await this.ctx.rateLimiter.refund(attempt);
    const { token, sessionId } = await this.startSession(user.id, client);
    this.ctx.log.info(
      { event: 'auth.login', outcome: 'success', userId: user.id, ip: client.ip, reqId: client.requestId },
      'security event',
    );
    return { token, userId: user.id, sessionId };
  }

  /** A new token for a live session (the client's expiry watch calls this with 60 s or less left). */
  async refresh(userId: number, sessionId: string): Promise<string> {
    await repo.touchSession(this.ctx.db, sessionId);
    return this.ctx.tokens.sign({ userId, sessionId });
  }

  async logout(sessionId: string, userId?: number, requestId?: string): Promise<void> {
    await repo.revokeSession(this.ctx.db, sessionId);
    this.ctx.log.info({ event: 'auth.logout', outcome: 'success', userId, reqId: requestId }, 'security event');
  }

  /**
   * Always answers the same, at once: the lookup and the mail happen after the response,
   * so neither the answer nor its timing tells whether the account exists.
   */
  async requestReset(webUserName: string, client: ClientInfo): Promise<void> {
    await this.ctx.rateLimiter.consume('resetPerIp', client.ip);
    const email = normalizeEmail(webUserName);
    if (!isValidEmail(email)) return;
    await this.ctx.rateLimiter.consume('resetPerAccountAndIp', `${email} ${client.ip}`);
    this.ctx.log.info(
      { event: 'auth.reset_requested', account: accountRef(email), ip: client.ip, reqId: client.requestId },
      'security event',
    );
    this.ctx.background(async () => {
      const user = await repo.findUserByEmail(this.ctx.db, email);
      if (!user) return;
      const guid = randomToken(32);
      const expiresAt = new Date(this.ctx.now().getTime() + RESET_TTL_MINUTES * 60_000);
      const base = this.ctx.env.PUBLIC_URL ?? `http://${this.ctx.env.HOST}:${this.ctx.env.PORT}`;
      const link = `${base.replace(/\/$/, '')}/reset-password?rpg=${encodeURIComponent(guid)}`;
      // Only the newest link of an account is live (repository): this one revokes every earlier one.
      await this.ctx.db.transaction(async (tx) => {
        await repo.insertPasswordReset(tx, user.id, sha256Hex(guid), expiresAt);
        await this.ctx.mailer.queue(
          {
            to: user.email,
            subject: 'Reset your TRS password',
            kind: 'password-reset',
            text: `Hello ${user.firstName},\n\nWe received a request to reset the password of your TRS account.\nOpen this link within ${RESET_TTL_MINUTES} minutes to choose a new password:\n\n${link}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.\n`,
            html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>We received a request to reset the password of your TRS account. Open this link within ${RESET_TTL_MINUTES} minutes to choose a new password:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If you did not ask for this, you can ignore this email; your password stays the same.</p>`,
            meta: { link },
          },
          tx,
        );
      });
      await this.ctx.mailer.deliverPending();
    });
  }

  async validateResetGuid(resetGuid: string): Promise<ValidateResetGuidResponse> {
    if (!resetGuid || resetGuid.length > 100) return { guidIsValid: false, webUserName: null };
    const row = await repo.findLiveReset(this.ctx.db, sha256Hex(resetGuid));
    return row ? { guidIsValid: true, webUserName: row.email } : { guidIsValid: false, webUserName: null };
  }

  /** Sets the new password once per guid and ends every session of the user. */
  async updatePassword(resetGuid: string, newPassword: string, requestId?: string): Promise<void> {
    if (!resetGuid || resetGuid.length > 100)
      throw badRequest(messages.resetLinkInvalid, 'resetGuid', 'reset_link_invalid');
    // A guess costs a lookup, not a strength estimate or an argon2 hash (19 MiB of memory): both are
    // made only for a live link.
    const live = await repo.findLiveReset(this.ctx.db, sha256Hex(resetGuid));
    if (!live) throw badRequest(messages.resetLinkInvalid, 'resetGuid', 'reset_link_invalid');
    const user = await repo.findUserById(this.ctx.db, live.userId);
    checkPassword(newPassword, { email: live.email, firstName: user?.firstName, lastName: user?.lastName });
    const passwordHash = await hashPassword(newPassword);
    await this.ctx.db.transaction(async (tx) => {
      const userId = await repo.consumeReset(tx, sha256Hex(resetGuid));
      if (userId === null) throw badRequest(messages.resetLinkInvalid, 'resetGuid', 'reset_link_invalid');
      await repo.updatePassword(tx, userId, passwordHash);
      await repo.revokeAllSessions(tx, userId);
    });
    this.ctx.log.info(
      {
        event: 'auth.password_reset',
        outcome: 'success',
        userId: live.userId,
        sessionsRevoked: 'all',
        reqId: requestId,
      },
      'security event',
    );
  }
}
