import { createRequire } from 'node:module';
import { messages, passwordContextWords, passwordProblem } from '@hcp/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEnglish from '@zxcvbn-ts/language-en';

const require = createRequire(import.meta.url);
const commonPasswordList = require('fxa-common-password-list') as { test(password: string): boolean };
/** The 50,000 most common passwords, exactly as typed (lower-cased). */
const commonPasswords = { has: (password: string) => commonPasswordList.test(password) };

/**
 * zxcvbn's score 3 means about 10^8 guesses or more: out of reach of an online attack under the login
 * limits, and past the common passwords with a capital, a digit and a symbol added ('Sunshine2024!'),
 * their l33t spellings and keyboard walks, which an exact list misses.
 */
const MIN_STRENGTH_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: the dictionaries take about 100 ms to index, which start-up need not pay. */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
  });
  return estimator;
}

export interface PasswordOwner {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

const emailName = (email: string) => email.split('@')[0] ?? '';

/**
 * Why a password may not be used for this account (the message the form shows), or null. The shared
 * rules come first; the strength estimate then sees the account's own words and the agency's as a
 * dictionary, so a password built on them reads as guessable rather than merely weak.
 */
export function passwordPolicyProblem(password: string, owner: PasswordOwner): string | null {
  const personal = [owner.firstName ?? '', owner.lastName ?? '', emailName(owner.email)];
  const shared = passwordProblem(password, commonPasswords, personal, owner.email);
  if (shared) return shared;
  const estimate = strengthEstimator().check(password, [
    ...personal.filter(Boolean),
    owner.email,
    ...passwordContextWords,
  ]);
  if (estimate.score >= MIN_STRENGTH_SCORE) return null;
  const sources = new Set(estimate.sequence.map((m) => m.dictionaryName));
  if (sources.has('userInputs')) return messages.passwordGuessable;
  if (sources.has('passwords-common')) return messages.passwordTooCommon;
  return messages.passwordWeak;
}
