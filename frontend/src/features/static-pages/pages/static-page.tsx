import { usePageTitle } from '../../../lib/page-title';
import type { StaticContent } from '../content';
import '../static-pages.css';

export function StaticPage({ content }: { content: StaticContent }) {
  usePageTitle(content.title);
  return (
    <article className="page page--narrow static-page">
      <h1 className="page__title">{content.title}</h1>
      {content.updated && <p className="hint">Last updated: {content.updated}</p>}
      <p className="page__lead">{content.intro}</p>
      {content.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.list && (
            <ul>
              {s.list.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          )}
          {s.table && (
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    {s.table.head.map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {s.table.rows.map((r) => (
                    <tr key={r[0]}>
                      {r.map((c, i) =>
                        i === 0 ? (
                          <th key={i} scope="row">
                            {c}
                          </th>
                        ) : (
                          <td key={i}>{c}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </article>
  );
}
