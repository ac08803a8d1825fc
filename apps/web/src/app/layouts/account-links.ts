import type { User } from '@tmc/shared';
import { paths } from '../../config/paths';

/** The signed-in menu (spec "Header and footer"), plus Admin for staff. */
export function accountLinks(user: User): { to: string; label: string }[] {
  const links: { to: string; label: string }[] = [
    { to: paths.profile, label: 'Profile' },
    { to: paths.transaction, label: 'Transaction' },
    { to: paths.presaleRequests, label: 'Presale Requests' },
  ];
  if (user.role === 'admin') links.push({ to: paths.admin, label: 'Admin' });
  return links;
}
