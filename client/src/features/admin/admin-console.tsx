import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_SECTIONS, pathOfAdminSection, type AdminSection } from '../../lib/dashboard-paths';
import { AuditSection } from './audit-section';
import { BotsSection } from './bots-section';
import { CodesSection } from './codes-section';
import { ReleaseNotesSection } from './release-notes-section';
import { UsersSection } from './users-section';

export const SECTION_LABELS: Record<AdminSection, string> = {
  codes: 'Registration codes',
  users: 'Users',
  bots: 'Bots',
  notes: 'Release notes',
  audit: 'Audit log',
};

/**
 * The admin console (docs/admin.md), in the dashboard's Admin tab for admins only: what the CLI
 * does, in the browser. Each section has its own address (/dashboard/admin/{section}), so the
 * section links are links, and the address picks the section.
 */
export function AdminConsole({ section, meId }: { section: AdminSection; meId: number }) {
  const nav = useRef<HTMLElement>(null);
  // At 375 px the section links scroll sideways: the current one is brought into view (as the tab bar does).
  useEffect(() => {
    nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [section]);
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <h1 className="text-2xl font-bold">Admin</h1>
      <nav ref={nav} aria-label="Admin sections" className="overflow-x-auto">
        <ul className="menu menu-horizontal flex-nowrap gap-1 rounded-box bg-base-100 p-1">
          {ADMIN_SECTIONS.map((key) => (
            <li key={key}>
              <Link
                to={pathOfAdminSection(key)}
                aria-current={key === section ? 'page' : undefined}
                className={`whitespace-nowrap ${key === section ? 'menu-active font-semibold' : ''}`}
              >
                {SECTION_LABELS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {section === 'codes' && <CodesSection />}
      {section === 'users' && <UsersSection meId={meId} />}
      {section === 'bots' && <BotsSection />}
      {section === 'notes' && <ReleaseNotesSection />}
      {section === 'audit' && <AuditSection />}
    </div>
  );
}
