import { Link } from "react-router";

export interface CityLinkItem {
  slug: string;
  cityname: string;
}

/** The city-link list: every city page we have, as links. */
export function CityLinkList({ cities, label = "Cities we serve" }: { cities: CityLinkItem[]; label?: string }) {
  return (
    <ul className="city-links" aria-label={label}>
      {cities.map((c) => (
        <li key={c.slug}>
          <Link to={`/${c.slug}`}>Loan in {c.cityname}</Link>
        </li>
      ))}
    </ul>
  );
}
