import type { ReactNode } from 'react';
import { HeartIcon } from '../../components/icons';

/** The signed-out card every screen of this feature sits in: the mark, the title, then the screen's own parts. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className="auth">
      <div className="auth-card">
        <div className="auth-logo" aria-hidden="true">
          <HeartIcon size={30} />
        </div>
        <h1 className="auth-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
