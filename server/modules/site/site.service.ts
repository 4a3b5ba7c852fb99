import { PRODUCT_NAME } from '../../../shared/limits';
import type { SiteInfo } from '../../../shared/schemas/site';
import type { AppConfig } from '../../config';

/** The public facts about this deployment: its name and the contact address from CONTACT_EMAIL. */
export function siteInfo(config: AppConfig): SiteInfo {
  return { product_name: PRODUCT_NAME, contact_email: config.contactEmail };
}
