/** Texts of the staff user actions, shown by the console and answered by the API. */
export const adminUserMessages = {
  notFound: 'User not found',
  ownRole: 'You cannot change your own role',
  influencerNotAffiliate: 'Only an affiliate can be marked as an influencer',
  dismissNotAffiliate: 'Only an affiliate can be dismissed',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 1000 characters long',
} as const;
