import type { SaveReferral } from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { unprocessable } from '../../../lib/errors.ts';
import { recordEvent } from '../../platform/index.ts';
import * as repo from './repository.ts';

export class ReferralService {
  constructor(private readonly ctx: AppContext) {}

  /** Stores the referral for the agency and records referral.made in the same transaction. */
  async save(userId: number, input: SaveReferral): Promise<number> {
    await this.ctx.rateLimiter.consume('referralPerUser', String(userId));
    if (!(await repo.professionExists(this.ctx.db, input.DisciplineId)))
      throw unprocessable('unknown_profession', 'Please select a profession', 'DisciplineId');
    const specialtyId = input.SpecialtyId > 0 ? input.SpecialtyId : null;
    if (specialtyId !== null && !(await repo.specialtyOfProfession(this.ctx.db, input.DisciplineId, specialtyId)))
      throw unprocessable('unknown_specialty', 'Please select a specialty of the profession', 'SpecialtyId');
    return this.ctx.db.transaction(async (tx) => {
      const row = await repo.insertReferral(tx, {
        referrerUserId: userId,
        firstName: input.FirstName,
        lastName: input.LastName,
        phone: input.PhoneNumber,
        professionId: input.DisciplineId,
        specialtyId,
        createdAt: this.ctx.now(),
      });
      await recordEvent(tx, {
        type: 'referral.made',
        userId,
        payload: {
          referralId: row.id,
          firstName: row.firstName,
          lastName: row.lastName,
          phoneNumber: row.phone,
          professionId: row.professionId,
          specialtyId: row.specialtyId,
          createdAt: row.createdAt.toISOString(),
        },
      });
      return row.id;
    });
  }
}
