import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../identity/schema.ts';
import { referrals } from '../schema.ts';
import { professions, professionSpecialties } from '../../reference-data/schema.ts';

export async function professionExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: professions.id }).from(professions).where(eq(professions.id, id)).limit(1);
  return !!row;
}

export async function specialtyOfProfession(db: DbOrTx, professionId: number, specialtyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: professionSpecialties.specialtyId })
    .from(professionSpecialties)
    .where(
      and(eq(professionSpecialties.professionId, professionId), eq(professionSpecialties.specialtyId, specialtyId)),
    )
    .limit(1);
  return !!row;
}

export async function insertReferral(db: DbOrTx, values: typeof referrals.$inferInsert) {
  const [row] = await db.insert(referrals).values(values).returning();
  return row!;
}

const clinician = { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

/** Referrals of every clinician after a cursor, oldest first (the agency's reads). */
export async function referralsAfter(db: DbOrTx, after: number, limit: number) {
  return db
    .select({
      id: referrals.id,
      firstName: referrals.firstName,
      lastName: referrals.lastName,
      phone: referrals.phone,
      professionId: referrals.professionId,
      specialtyId: referrals.specialtyId,
      createdAt: referrals.createdAt,
      referredBy: clinician,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerUserId))
    .where(gt(referrals.id, after))
    .orderBy(asc(referrals.id))
    .limit(limit);
}
