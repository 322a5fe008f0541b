import { composeMail as compose, type Addressee, type Mail } from '../auth/mailer';

/** A new hotel's invitation: the reset flow's link, valid for three days. */
export const invitationMail = (to: Addressee, company: string, link: string): Mail =>
  compose(to, 'Your guest app is ready: choose your password', {
    before: [
      `An account has been created for ${company} in Stay Console, where you manage your guest app.`,
      'Open this link within 72 hours to choose your password:',
    ],
    link,
    label: 'Choose your password',
    after: ['After that, sign in with this email address and your new password.'],
  });

/** The link that confirms an account's email address. */
export const verificationMail = (to: Addressee, link: string): Mail =>
  compose(to, 'Confirm your email address', {
    before: [
      'Please confirm that this is the email address of your Stay Console account.',
      'Open this link within 72 hours:',
    ],
    link,
    label: 'Confirm my email address',
    after: ['If you do not have a Stay Console account, ignore this mail.'],
  });

/** A person invited to a hotel's team (issue 40): the same link, valid for three days. */
export const memberInvitationMail = (to: Addressee, hotel: string, link: string): Mail =>
  compose(to, `You are invited to ${hotel} in Stay Console: choose your password`, {
    before: [
      `You have been invited to work on ${hotel} in Stay Console, where the hotel manages its guest app.`,
      'Open this link within 72 hours to choose your password:',
    ],
    link,
    label: 'Choose your password',
    after: ['After that, sign in with this email address and your new password.'],
  });

/**
 * A person who has a password added to more hotels (issue 40): no link to set one, the
 * sign-in page instead; they choose the hotel after signing in.
 */
export const memberAddedMail = (to: Addressee, hotels: string, link: string): Mail =>
  compose(to, `You have been added to ${hotels} in Stay Console`, {
    before: [
      `You have been added to the team of ${hotels} in Stay Console, where the hotel manages its guest app.`,
      'Sign in with this email address and the password you already have:',
    ],
    link,
    label: 'Sign in',
    after: ['After signing in, choose the hotel in the hotel switcher at the top of the page.'],
  });
