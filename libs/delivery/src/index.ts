/**
 * What leaves the app for people (DESIGN §12, §17): files named for them (the batch archive's
 * entries and e-mail attachments), the batch as its page, archive and notice tell it, and e-mail —
 * the way out (SMTP, or the outbox), the `mail` queue's jobs, each delivery's message and the
 * notices to followers. The API and the workers share it; it imports libs only.
 */
export * from './file-names';
export * from './batch-view';
export * from './batch-summary-sheet';
export * from './compose-delivery';
export * from './notice-texts';
export * from './follower-notifier';
export * from './mail/mailer';
export * from './mail/mail-failure';
export * from './mail/mail-jobs';
export * from './mail/message-id';
