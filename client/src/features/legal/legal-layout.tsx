import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../shared/limits';

export function LegalLayout({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <main className="min-h-screen bg-base-200 px-4 py-10">
      <article className="prose mx-auto max-w-3xl rounded-box bg-base-100 p-8 shadow [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_p]:my-2 [&_li]:my-1 [&_ul]:list-disc [&_ul]:pl-6">
        <p className="text-sm font-bold text-primary">{PRODUCT_NAME}</p>
        <h1 className="text-3xl font-black">{title}</h1>
        <p className="text-sm opacity-70">Last updated: {updated}</p>
        {children}
        <p className="mt-8">
          <Link className="link" to="/login">
            Back to {PRODUCT_NAME}
          </Link>
        </p>
      </article>
    </main>
  );
}
