import { Coins, Ticket } from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '../../../protocol/routes';
import { BrandMark } from '../BrandMark';
import { formatCount } from '../format';
import { CloseIcon, MenuIcon } from '../icons';
import styles from './Navbar.module.css';

export interface NavbarProps {
  onLogout(): void;
  /** The Agents link opens this collection and is highlighted only on it (docs/product.md §2). */
  agentTemplateId: string;
  walletSlot?: ReactNode;
  /** The member's points and raffle tickets, shown on every member screen (absent while they load). */
  balances?: { points: number; tickets: number };
  /** The notification bell and the chat button, beside the balance (features/notifications). */
  alerts?: ReactNode;
  /** The member's avatar art URL (issue 28: their chosen Agent, else their first; '' for an initial), linking to /account. */
  avatar?: { image: string; name: string };
}

interface Item {
  label: string;
  to: string;
  isCurrent(path: string, query: URLSearchParams): boolean;
}

function items(agentTemplateId: string): Item[] {
  const on = (target: string) => (path: string) => path === target;
  return [
    { label: 'Home', to: ROUTES.home, isCurrent: on(ROUTES.home) },
    {
      label: 'Agents',
      to: `${ROUTES.collectibles}?sCollectionID=${encodeURIComponent(agentTemplateId)}`,
      isCurrent: (path, query) => path === ROUTES.collectibles && query.get('sCollectionID') === agentTemplateId,
    },
    { label: 'Inventory', to: ROUTES.inventory, isCurrent: on(ROUTES.inventory) },
    { label: 'Games', to: ROUTES.games, isCurrent: on(ROUTES.games) },
    { label: 'Raffle', to: ROUTES.raffle, isCurrent: on(ROUTES.raffle) },
    { label: 'Reward Store', to: ROUTES.rewardStore, isCurrent: on(ROUTES.rewardStore) },
    { label: 'Account', to: ROUTES.account, isCurrent: on(ROUTES.account) },
  ];
}

/** The member navigation bar; collapses into a menu button below 900 px. */
export default function Navbar({ onLogout, agentTemplateId, walletSlot, balances, alerts, avatar }: NavbarProps) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const query = new URLSearchParams(location.search);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the route changes
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const logout = (event: MouseEvent) => {
    event.preventDefault();
    onLogout();
  };

  return (
    <header className={styles.bar}>
      <nav className={styles.nav} aria-label="Main">
        <Link to={ROUTES.home} className={styles.brand}>
          <BrandMark size={30} />
          <span>Cthulhu Portal</span>
        </Link>
        {balances && (
          // The name is the words read out around the visible numbers (axe: label-content-name-mismatch).
          <Link to={ROUTES.rewardStore} className={styles.balances}>
            <span className="visually-hidden">Your balance: </span>
            <span className={styles.balance} data-balance="points">
              <Coins size={16} aria-hidden="true" />
              {formatCount(balances.points)}
              <span className="visually-hidden"> point{balances.points === 1 ? '' : 's'} and </span>
            </span>
            <span className={styles.balance} data-balance="tickets">
              <Ticket size={16} aria-hidden="true" />
              {formatCount(balances.tickets)}
              <span className="visually-hidden"> raffle ticket{balances.tickets === 1 ? '' : 's'}</span>
            </span>
          </Link>
        )}
        {alerts}
        {avatar && (
          <Link to={ROUTES.account} className={styles.avatar} data-testid="navbar-avatar">
            {avatar.image ? (
              <img src={avatar.image} alt="" width={36} height={36} />
            ) : (
              <span aria-hidden="true">{avatar.name.slice(0, 1).toUpperCase()}</span>
            )}
            <span className="visually-hidden">Your account and avatar</span>
          </Link>
        )}
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          <span className="visually-hidden">Menu</span>
        </button>
        <ul id={menuId} className={`${styles.links} ${open ? styles.open : ''}`}>
          {items(agentTemplateId).map((item) => {
            const current = item.isCurrent(location.pathname, query);
            return (
              <li key={item.label}>
                <Link to={item.to} className={styles.link} aria-current={current ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            );
          })}
          <li>
            <Link to={ROUTES.login} className={styles.link} onClick={logout}>
              Log Out
            </Link>
          </li>
          {walletSlot && <li className={styles.wallet}>{walletSlot}</li>}
        </ul>
      </nav>
    </header>
  );
}
