/** Flag names as the API answers them: the names the menu logic reads, so they cannot be renamed. */
export const featureFlagNames = [
  'HcpApplication_SkillsChecklist_IsEnabled',
  'DashboardAssignments_IsEnabled',
  'DocumentsAndSignatures_IsEnabled',
  'ReferAFriend_IsEnabled',
  'CredentialsDropbox_IsEnabled',
  'UpdateBackgroundQuestions_IsEnabled',
  'Timesheets_IsEnabled',
  'HubIsSunset',
  'Rto_IsEnabled',
  'Terms_First',
] as const;
export type FeatureFlagName = (typeof featureFlagNames)[number];
export type FeatureFlags = Record<FeatureFlagName, boolean>;

/** The shipped configuration: what a deployment gets without `FEATURE_*` overrides. */
export const shippedFeatureFlags: FeatureFlags = {
  HcpApplication_SkillsChecklist_IsEnabled: false,
  DashboardAssignments_IsEnabled: true,
  DocumentsAndSignatures_IsEnabled: true,
  ReferAFriend_IsEnabled: true,
  CredentialsDropbox_IsEnabled: true,
  UpdateBackgroundQuestions_IsEnabled: true,
  Timesheets_IsEnabled: false,
  HubIsSunset: true,
  Rto_IsEnabled: true,
  Terms_First: true,
};

/** Short env names (FEATURE_SKILLS_CHECKLIST=true ...) mapped to the flag names. */
export const featureFlagEnvNames: Record<string, FeatureFlagName> = {
  FEATURE_SKILLS_CHECKLIST: 'HcpApplication_SkillsChecklist_IsEnabled',
  FEATURE_DASHBOARD_ASSIGNMENTS: 'DashboardAssignments_IsEnabled',
  FEATURE_DOCUMENTS_AND_SIGNATURES: 'DocumentsAndSignatures_IsEnabled',
  FEATURE_REFER_A_FRIEND: 'ReferAFriend_IsEnabled',
  FEATURE_CREDENTIALS_DROPBOX: 'CredentialsDropbox_IsEnabled',
  FEATURE_UPDATE_BACKGROUND_QUESTIONS: 'UpdateBackgroundQuestions_IsEnabled',
  FEATURE_TIMESHEETS: 'Timesheets_IsEnabled',
  FEATURE_HUB_IS_SUNSET: 'HubIsSunset',
  FEATURE_RTO: 'Rto_IsEnabled',
  FEATURE_TERMS_FIRST: 'Terms_First',
};
