import { rateLimit } from 'express-rate-limit';
import { ERR } from '@app/contracts';

/**
 * Slows down password guessing on Bull Board: per client address, at most 10 failed logins in
 * 15 minutes, then 429 until the window has passed. Successful requests do not count.
 */
export function loginLimiter() {
  return rateLimit({
    windowMs: 15 * 60 * 1000,
    limit: 10,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: ERR.tooManyLogins });
    },
  });
}
