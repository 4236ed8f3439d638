import { eq } from 'drizzle-orm';
import { STEP, flowFlags, requiredStepsForSubmission } from '@hcp/contracts';
import type { DemoSeeder } from '../../../context.ts';
import {
  backgroundAnswers,
  employmentHistories,
  hcpCertifications,
  hcpDegrees,
  hcpIdentifications,
  hcpLicenses,
  hcpReferences,
  permanentAddresses,
} from '../schema.ts';
import { encryptField } from '../../../lib/crypto.ts';
import { stateIdByAbbreviation } from '../../reference-data/index.ts';
import { markStep } from './repository.ts';

/** The demo clinician's complete application: every step's data and every completed step. */
export const applicationDemoSeeder: DemoSeeder = {
  name: 'application',
  async run(ctx, { demoUserId }) {
    const [already] = await ctx.db
      .select({ id: backgroundAnswers.userId })
      .from(backgroundAnswers)
      .where(eq(backgroundAnswers.userId, demoUserId));
    if (already) return;
    const tx = stateIdByAbbreviation.get('TX')!;
    const az = stateIdByAbbreviation.get('AZ')!;
    const year = ctx.now().getFullYear();
    await ctx.db.transaction(async (db) => {
      await db.insert(backgroundAnswers).values({
        userId: demoUserId,
        isUsCitizen: true,
        isAuthorizedToWorkInUs: null,
        hasMilitaryService: false,
        isCaliforniaResident: false,
        liabilityAction: false,
        licenseSuspended: false,
        canPerformTravelerTasks: false,
        convicted: false,
        hasHadMisconductActivity: false,
        isBilingual: true,
      });
      await db.insert(permanentAddresses).values({
        userId: demoUserId,
        country: 'United States',
        streetAddress: '2401 Lake Austin Blvd',
        city: 'Austin',
        stateId: tx,
        zipCode: '78703',
      });
      await db.insert(hcpLicenses).values({
        userId: demoUserId,
        hasLicense: true,
        stateId: tx,
        licenseType: 'RN',
        licenseNumber: '884512',
        nameOnLicense: 'Dana Rivera',
        isCompact: true,
        issueDate: `${year - 8}-06-15`,
        expirationDate: `${year + 1}-06-30`,
      });
      await db.insert(hcpDegrees).values({
        userId: demoUserId,
        degreeTypeId: 4,
        degreeFieldId: 1,
        school: 'The University of Texas at Austin',
        location: 'Austin, TX',
        degreeMonth: 5,
        degreeYear: year - 8,
        verified: true,
      });
      const [current] = await db
        .insert(employmentHistories)
        .values({
          userId: demoUserId,
          employmentTypeId: 2,
          facilityName: 'Banner - University Medical Center Phoenix',
          city: 'Phoenix',
          stateId: az,
          startMonth: 3,
          startYear: year - 1,
          professionId: 13,
          agencyName: 'TRS Healthcare',
          isCharge: false,
          unitsFloated: 'Step-down, PCU',
          specialtyIds: [3],
          emrIds: [2],
        })
        .returning({ id: employmentHistories.id });
      const [previous] = await db
        .insert(employmentHistories)
        .values({
          userId: demoUserId,
          employmentTypeId: 1,
          facilityName: "St. David's Medical Center",
          city: 'Austin',
          stateId: tx,
          startMonth: 7,
          startYear: year - 7,
          endMonth: 2,
          endYear: year - 1,
          professionId: 13,
          isCharge: true,
          unitsFloated: null,
          specialtyIds: [1],
          emrIds: [1],
          isVerified: true,
        })
        .returning({ id: employmentHistories.id });
      await db.insert(hcpReferences).values([
        {
          userId: demoUserId,
          historyId: previous!.id,
          firstName: 'Monica',
          lastName: 'Hale',
          title: 'Nurse Manager, ICU',
          phone: '5125550171',
          phoneType: 'Office',
          email: 'monica.hale@example.com',
          referenceNumber: 0,
        },
        {
          userId: demoUserId,
          historyId: current!.id,
          firstName: 'Grant',
          lastName: 'Okafor',
          title: 'Charge Nurse',
          phone: '6025550133',
          phoneType: 'Mobile',
          email: null,
          referenceNumber: 1,
        },
      ]);
      await db.insert(hcpCertifications).values([
        {
          userId: demoUserId,
          certificationTypeId: 1,
          expirationDate: `${year + 1}-09-30`,
          createdOrder: 1,
          verified: true,
          issuedBy: 'American Heart Association',
        },
        {
          userId: demoUserId,
          certificationTypeId: 2,
          expirationDate: `${year + 1}-10-31`,
          createdOrder: 2,
          issuedBy: 'American Heart Association',
        },
      ]);
      await db.insert(hcpIdentifications).values({
        userId: demoUserId,
        ssnEncrypted: encryptField(ctx.secrets.dataKey, '123456789'),
        dateOfBirth: '1990-04-12',
      });
      const flags = flowFlags(ctx.env.featureFlags);
      for (const s of [
        STEP.started,
        ...requiredStepsForSubmission({ ...flags, skillsChecklist: false }),
        ...(flags.termsFirst ? [] : [STEP.terms]),
      ])
        await markStep(db, demoUserId, s);
    });
  },
};
