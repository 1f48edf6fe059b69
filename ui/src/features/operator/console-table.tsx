import type { ReactNode } from 'react';

/** A table of the console: named for screen readers by its caption, its columns headed, wide rows scrolled. */
export function ConsoleTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
