import { Link } from "react-router";
import { useLanguage, useLocalizedPath, useT } from "../../lib/i18n.tsx";
import { cityNameIn } from "../../content/cities.hi.ts";

export interface CityLinkItem {
  slug: string;
  cityname: string;
}

/** The city-link list: every city page we have, as links. */
export function CityLinkList({ cities, label }: { cities: CityLinkItem[]; label?: string }) {
  const t = useT();
  const to = useLocalizedPath();
  const lang = useLanguage();
  return (
    <ul className="city-links" aria-label={label ?? t("home.citiesLabel")}>
      {cities.map((c) => (
        <li key={c.slug}>
          <Link to={to(`/${c.slug}`)}>{t("home.cityLoan", { city: cityNameIn(c.cityname, lang) })}</Link>
        </li>
      ))}
    </ul>
  );
}
