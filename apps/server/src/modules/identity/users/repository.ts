import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { applicationSteps, professions, users } from '../../../db/schema/index.ts';

const userInfoQuery = (db: DbOrTx) =>
  db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      applicationComplete: users.applicationComplete,
      eligibleForSubmission: users.eligibleForSubmission,
      professionId: professions.id,
      professionName: professions.name,
      isAllied: professions.isAllied,
      webOrder: professions.webOrder,
    })
    .from(users)
    .innerJoin(professions, eq(professions.id, users.professionId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_info');
const userInfoStatements = new WeakMap<object, ReturnType<typeof userInfoQuery>>();

export async function userInfo(db: DbOrTx, userId: number) {
  let statement = userInfoStatements.get(db);
  if (!statement) userInfoStatements.set(db, (statement = userInfoQuery(db)));
  const [row] = await statement.execute({ userId });
  return row;
}

export async function completedSteps(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ stepName: applicationSteps.stepName })
    .from(applicationSteps)
    .where(eq(applicationSteps.userId, userId))
    .orderBy(applicationSteps.completedAt);
  return rows.map((r) => r.stepName);
}
