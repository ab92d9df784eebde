/** Messages of the entity API (the app SDK shows them as `AtelierError.message`). */
export const ENTITY_API_MESSAGES = {
  entityNotFound: (name: string) => `Entity ${name} not found`,
  recordNotFound: 'Record not found',
  signInToWrite: 'Sign in to add records',
  cannotCreate: 'You do not have permission to add records',
  cannotChange: 'You do not have permission to change this record',
  signInRequired: 'Sign in first',
  duplicateIds: 'Two records have the same id',
  invalidRecord: (field: string, message: string) => (field ? `${field}: ${message}` : message),
  tooManySubscriptions: 'Too many live subscriptions are open: close some and try again',
  usersAreSignUps: 'User records are created by sign-up and removed with the account',
  emailReadOnly: 'The e-mail address is changed from the account settings',
  roleAdminsOnly: 'Only the app’s admins can change a user’s role',
  exportBuilderOnly: 'Only the app’s builder can export its records',
  sortIndexBuilderOnly: 'Only the app’s builder can manage its sort indexes',
  sortIndexDataField: 'Only a data field of the entity can get a sort index',
  sortIndexLimit: (most: number) => `An app has at most ${most} sort indexes: drop one first`,
} as const;
