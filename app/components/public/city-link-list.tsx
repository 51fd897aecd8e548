import { Link } from "react-router";
import { useT } from "../../lib/i18n.tsx";

export interface CityLinkItem {
  slug: string;
  cityname: string;
}

/** The city-link list: every city page we have, as links. */
export function CityLinkList({ cities, label }: { cities: CityLinkItem[]; label?: string }) {
  const t = useT();
  return (
    <ul className="city-links" aria-label={label ?? t("home.citiesLabel")}>
      {cities.map((c) => (
        <li key={c.slug}>
          <Link to={`/${c.slug}`}>{t("home.cityLoan", { city: c.cityname })}</Link>
        </li>
      ))}
    </ul>
  );
}
