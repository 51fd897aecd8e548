import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/service-area.ts";
import { CITIES, STATES } from "../../../core/service-area.ts";
import { checkPin } from "../../lib/pin-check.ts";
import { cityLinks } from "../../content/cities.ts";
import { getTextPageIn } from "../../content/pages.hi.ts";
import { CityLinkList } from "../../components/public/city-link-list.tsx";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { TextPageView } from "../../components/public/text-page-view.tsx";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { addressLanguage, useLanguage, useT } from "../../lib/i18n.tsx";
import { cityNameIn, stateNameIn } from "../../content/cities.hi.ts";
import { splitLanguagePath } from "../../../core/i18n/index.ts";

const pageIn = (lang: "en" | "hi") => getTextPageIn("/service-area", lang)!;

export function loader({ request }: Route.LoaderArgs) {
  const lang = addressLanguage(request.url);
  const pin = new URL(request.url).searchParams.get("pin");
  const byState = STATES.map((s) => ({ state: s.name, cities: CITIES.filter((c) => c.stateId === s.id).map((c) => c.name) })).filter((s) => s.cities.length);
  return { page: pageIn(lang), byState, cities: cityLinks.map(({ slug, cityname }) => ({ slug, cityname })), result: checkPin(pin, lang) };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  const page = pageIn(lang);
  return pageMeta({
    title: page.metaTitle,
    description: page.metaDis,
    path: "/service-area",
    lang,
    noindex: !!loaderData?.result,
    jsonLd: [breadcrumbLd([{ name: "Service area", path: "/service-area" }])],
  });
};

export default function ServiceArea({ loaderData }: Route.ComponentProps) {
  const { page, byState, cities, result } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const lang = useLanguage();
  return (
    <TextPageView page={page}>
      <section className="section" aria-labelledby="pin-title">
        <h2 id="pin-title">{t("public.area.pinTitle")}</h2>
        <Form method="get" className="pin-check card" preventScrollReset>
          <div className="field">
            <label htmlFor="pin">{t("public.area.pinLabel")}</label>
            <input
              id="pin"
              name="pin"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              pattern="[0-9]{6}"
              defaultValue={result?.pin ?? ""}
              aria-describedby="pin-result"
              required
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={navigation.state !== "idle"}>
            {t("public.area.check")}
          </button>
        </Form>
        <div id="pin-result" role="status">
          {result ? <p className={result.served ? "alert alert-success" : "alert alert-error"}>{result.message}</p> : null}
        </div>
      </section>
      <section className="section" aria-labelledby="cities-title">
        <h2 id="cities-title">{t("public.area.citiesTitle")}</h2>
        <ul>
          {byState.map((s) => (
            <li key={s.state}>
              <strong>{stateNameIn(s.state, lang)}</strong>: {s.cities.map((c) => cityNameIn(c, lang)).join(", ")}
            </li>
          ))}
        </ul>
        <h3>{t("public.area.readCity")}</h3>
        <CityLinkList cities={cities} />
      </section>
    </TextPageView>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
