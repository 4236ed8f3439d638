import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { professions, professionSpecialties, referrals, specialties } from '../../../db/schema/index.ts';

export async function professionExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: professions.id }).from(professions).where(eq(professions.id, id)).limit(1);
  return !!row;
}

export async function specialtyExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: specialties.id }).from(specialties).where(eq(specialties.id, id)).limit(1);
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
