/**
 * Tanzania's 31 regions (26 on the Mainland, 5 in Zanzibar) and their districts, for the delivery
 * form's pickers. Place names are proper nouns: each region carries its English and Kiswahili name
 * (most are the same). The district list is a suggestion, not a rule: councils are split and
 * renamed from time to time, so the form also accepts a district typed by hand.
 */
export type VatZone = "mainland" | "zanzibar";

export interface Region {
  code: string;
  name: string;
  nameSw: string;
  zone: VatZone;
  districts: readonly string[];
}

const mainland = (code: string, name: string, districts: string[], nameSw = name): Region => ({ code, name, nameSw, zone: "mainland", districts });
const zanzibar = (code: string, name: string, nameSw: string, districts: string[]): Region => ({ code, name, nameSw, zone: "zanzibar", districts });

export const REGIONS: readonly Region[] = [
  mainland("arusha", "Arusha", ["Arusha City", "Arusha Rural", "Meru", "Karatu", "Longido", "Monduli", "Ngorongoro"]),
  mainland("dar-es-salaam", "Dar es Salaam", ["Ilala", "Kinondoni", "Temeke", "Ubungo", "Kigamboni"]),
  mainland("dodoma", "Dodoma", ["Dodoma City", "Bahi", "Chamwino", "Chemba", "Kondoa", "Kongwa", "Mpwapwa"]),
  mainland("geita", "Geita", ["Geita", "Bukombe", "Chato", "Mbogwe", "Nyang'hwale"]),
  mainland("iringa", "Iringa", ["Iringa Municipal", "Iringa Rural", "Kilolo", "Mafinga Town", "Mufindi"]),
  mainland("kagera", "Kagera", ["Bukoba Municipal", "Bukoba Rural", "Biharamulo", "Karagwe", "Kyerwa", "Missenyi", "Muleba", "Ngara"]),
  mainland("katavi", "Katavi", ["Mpanda Municipal", "Mpimbwe", "Mlele", "Nsimbo", "Tanganyika"]),
  mainland("kigoma", "Kigoma", ["Kigoma-Ujiji Municipal", "Kigoma Rural", "Buhigwe", "Kakonko", "Kasulu", "Kibondo", "Uvinza"]),
  mainland("kilimanjaro", "Kilimanjaro", ["Moshi Municipal", "Moshi Rural", "Hai", "Mwanga", "Rombo", "Same", "Siha"]),
  mainland("lindi", "Lindi", ["Lindi Municipal", "Kilwa", "Liwale", "Mtama", "Nachingwea", "Ruangwa"]),
  mainland("manyara", "Manyara", ["Babati Town", "Babati Rural", "Hanang", "Kiteto", "Mbulu", "Simanjiro"]),
  mainland("mara", "Mara", ["Musoma Municipal", "Musoma Rural", "Bunda", "Butiama", "Rorya", "Serengeti", "Tarime"]),
  mainland("mbeya", "Mbeya", ["Mbeya City", "Mbeya Rural", "Busokelo", "Chunya", "Kyela", "Mbarali", "Rungwe"]),
  mainland("morogoro", "Morogoro", [
    "Morogoro Municipal",
    "Morogoro Rural",
    "Gairo",
    "Ifakara Town",
    "Kilombero",
    "Kilosa",
    "Malinyi",
    "Mlimba",
    "Mvomero",
    "Ulanga",
  ]),
  mainland("mtwara", "Mtwara", ["Mtwara Municipal", "Mtwara Rural", "Masasi", "Nanyumbu", "Newala", "Tandahimba"]),
  mainland("mwanza", "Mwanza", ["Ilemela", "Nyamagana", "Buchosa", "Kwimba", "Magu", "Misungwi", "Sengerema", "Ukerewe"]),
  mainland("njombe", "Njombe", ["Njombe Town", "Njombe Rural", "Ludewa", "Makambako", "Makete", "Wanging'ombe"]),
  mainland("pwani", "Pwani (Coast)", ["Kibaha Town", "Kibaha Rural", "Bagamoyo", "Chalinze", "Kibiti", "Kisarawe", "Mafia", "Mkuranga", "Rufiji"], "Pwani"),
  mainland("rukwa", "Rukwa", ["Sumbawanga Municipal", "Sumbawanga Rural", "Kalambo", "Nkasi"]),
  mainland("ruvuma", "Ruvuma", ["Songea Municipal", "Songea Rural", "Madaba", "Mbinga", "Namtumbo", "Nyasa", "Tunduru"]),
  mainland("shinyanga", "Shinyanga", ["Shinyanga Municipal", "Shinyanga Rural", "Kahama", "Kishapu", "Msalala", "Ushetu"]),
  mainland("simiyu", "Simiyu", ["Bariadi", "Busega", "Itilima", "Maswa", "Meatu"]),
  mainland("singida", "Singida", ["Singida Municipal", "Singida Rural", "Ikungi", "Iramba", "Itigi", "Manyoni", "Mkalama"]),
  mainland("songwe", "Songwe", ["Ileje", "Mbozi", "Momba", "Songwe", "Tunduma"]),
  mainland("tabora", "Tabora", ["Tabora Municipal", "Igunga", "Kaliua", "Nzega", "Sikonge", "Urambo", "Uyui"]),
  mainland("tanga", "Tanga", ["Tanga City", "Bumbuli", "Handeni", "Kilindi", "Korogwe", "Lushoto", "Mkinga", "Muheza", "Pangani"]),
  zanzibar("unguja-north", "Unguja North", "Kaskazini Unguja", ["Kaskazini A", "Kaskazini B"]),
  zanzibar("unguja-south", "Unguja South", "Kusini Unguja", ["Kati", "Kusini"]),
  zanzibar("urban-west", "Urban West", "Mjini Magharibi", ["Mjini", "Magharibi A", "Magharibi B"]),
  zanzibar("pemba-north", "Pemba North", "Kaskazini Pemba", ["Micheweni", "Wete"]),
  zanzibar("pemba-south", "Pemba South", "Kusini Pemba", ["Chake Chake", "Mkoani"]),
];

export const REGION_CODES = REGIONS.map((r) => r.code) as [string, ...string[]];

const byCode = new Map(REGIONS.map((r) => [r.code, r]));

export function findRegion(code: string | null | undefined): Region | undefined {
  return code ? byCode.get(code) : undefined;
}

export function regionName(code: string | null | undefined, locale: "sw" | "en"): string {
  const region = findRegion(code);
  if (!region) return code ?? "";
  return locale === "sw" ? region.nameSw : region.name;
}

/** Which VAT rate a destination takes; pick-up at the shop (no region) is a Mainland sale. */
export function vatZoneOf(code: string | null | undefined): VatZone {
  return findRegion(code)?.zone ?? "mainland";
}
