import type { APIRequestContext } from '@playwright/test';
import { expect, latestMail, loginViaApi, newClinician, test } from '../fixtures.ts';

/** Fills the steps before the skills checklist through the API, as the clinician. */
async function completeStepsBeforeSkills(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown, method: 'post' | 'put' = 'post') => {
    const res = await request[method](`/core/api/${path}`, { headers, data });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const states = (await (await request.get('/core/api/HcpPermanentAddress/permanentAddressStates', { headers })).json()) as { stateId: number; name: string }[];
  const tx = states.find((s) => s.name === 'Texas')!.stateId;
  await post('HcpWebApplicationStep/updateWebApplicationStep', { StepName: 'Started', StepComplete: true });
  await post('InitialDocuments/saveInitialDocuments', {});
  await post('HcpBackground/hcpBackgroundAnswers', {
    isUsCitizen: true, isAuthorizedToWorkInUs: null, hasMilitaryService: false, militaryStartDate: null, militaryEndDate: null,
    isCaliforniaResident: false, liabilityAction: false, licenseSuspended: false, canPerformTravelerTasks: false, convicted: false,
    hasHadMisconductActivity: false, isBilingual: false,
  });
  await post('HcpPermanentAddress/permanentAddress', { country: 'US', streetAddress: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701', province: null, postalCode: null });
  await post('HcpLicenseSearchInfo', { hasLicense: true, stateId: tx, nursysLicenseType: 'RN', licenseNumber: 'RN1', nameOnLicense: 'Erin Tester', isCompact: true });
  await post('HcpDegree/saveHcpDegree', { degreeId: null, degreeTypeId: 4, degreeFieldId: 1, school: 'UT Austin', location: 'Austin, TX', degreeDate: '05/2015', deleted: false });
  const { employmentHistoryId } = await post('HcpEmploymentHistory/insert', {
    employmentHistoryId: null, employmentTypeId: 1, facilityName: 'Dell Seton', city: 'Austin', stateId: tx, startMonth: 1, startYear: 2019,
    endMonth: null, endYear: null, professionId: 13, agencyName: null, isCharge: false, unitsFloated: null, shiftPerMonth: null, specialties: [1], emrs: [1],
  });
  await post('HcpWebApplicationStep/updateWebApplicationStep', { StepName: 'Employment', StepComplete: true });
  await post('HcpJobApplication/HcpReferences', [0, 1].map((n) => ({
    historyId: employmentHistoryId, firstName: `Ref${n}`, lastName: 'Smith', title: 'Manager', phoneNumber: '5125550100', phoneType: 'Mobile', email: null, referenceNumber: n,
  })));
  await post('HcpCertification/saveCertification', { certId: null, certificationTypeId: 1, expirationDate: '2030-01-01', deleted: false });
  await post('HcpWebApplicationStep/updateWebApplicationStep', { StepName: 'Certifications', StepComplete: true });
}

test('with the skills-checklist flag the flow assigns checklists and reaches the summary page', async ({ page, request }) => {
  const who = await newClinician(request);
  const token = await loginViaApi(page, request, who);
  await completeStepsBeforeSkills(request, token);
  await page.goto('/identification-info');
  // Identification comes after the skills checklist: the guard sends the clinician there.
  await expect(page).toHaveURL(/\/skills-checklist$/);
  await expect(page.getByText(/Hi Erin!/)).toBeVisible();
  const boxes = page.getByRole('checkbox');
  await expect(boxes.first()).toBeChecked();
  const take = page.getByRole('button', { name: 'Take Selected Checklists' });
  for (const box of await boxes.all()) await box.uncheck();
  await expect(take).toBeDisabled();
  await boxes.first().check();
  await take.click();

  await expect(page).toHaveURL(/\/skills-checklist-summary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Skills Checklist Summary' })).toBeVisible();
  await expect(page.getByText(who.email)).toBeVisible();
  await expect(page.getByText('[TRS Healthcare] New Assignments')).toBeVisible();
  const mail = await latestMail(request, who.email, 'skills-checklist-assigned');
  expect(mail.subject).toBe('[TRS Healthcare] New Assignments');
  await page.getByRole('button', { name: 'Continue with Application' }).click();
  await expect(page).toHaveURL(/\/identification-info$/);
  await expect(page.getByText('Section 10 of 10')).toBeVisible();
});
