import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '@app/config';

/**
 * Where users reach the app. PUBLIC_URL when the operator set it (a proxy on another host may
 * rewrite Host and speak plain HTTP to the API); otherwise what the request says, through the
 * proxies TRUST_PROXY trusts (X-Forwarded-Proto, X-Forwarded-Host).
 */
@Injectable()
export class PublicOrigin {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** `https://prices.example.com`: the base of absolute links, such as the OIDC redirect_uri. */
  of(req: Request): string {
    return this.config.PUBLIC_URL ?? `${req.protocol}://${req.get('host')}`;
  }

  /** Whether cookies must be Secure: the public address is https, or the request came over HTTPS. */
  secure(req: Request): boolean {
    return this.config.PUBLIC_URL ? this.config.PUBLIC_URL.startsWith('https:') : req.secure;
  }
}
