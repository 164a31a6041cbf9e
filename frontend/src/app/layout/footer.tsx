import { Link } from 'react-router-dom';
import logo from '../../assets/logo.svg';

export const COPYRIGHT = '© 2025 Swapbooth. All rights reserved.';

const SOCIAL = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/swapbooth',
    path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8Z',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/swapbooth',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01',
  },
  {
    name: 'X',
    href: 'https://x.com/swapbooth',
    path: 'M4 4l16 16M20 4 4 20',
  },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <img src={logo} alt="Swapbooth" width={156} height={40} loading="lazy" />
          <p>Trade what you have for what you need.</p>
          <div className="footer__social">
            {SOCIAL.map((s) => (
              <a
                key={s.name}
                href={s.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Swapbooth on ${s.name}`}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d={s.path} />
                </svg>
              </a>
            ))}
          </div>
        </div>
        <nav className="footer__links" aria-label="Footer">
          <Link to="/about-us">About Us</Link>
          <Link to="/terms-of-service">Terms of Service</Link>
          <Link to="/prohibited-items">Prohibited Items Policy</Link>
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/fee-schedule">Fee Schedule</Link>
        </nav>
      </div>
      <p className="footer__copyright">{COPYRIGHT}</p>
    </footer>
  );
}
