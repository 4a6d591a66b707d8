/**
 * Varied maritime text for the search bench: five pages per file, from a seeded generator,
 * so every run (and both databases) holds the same words. Common words appear in nearly
 * every file, the long tail of the vocabulary in a few, and each file names a handful of
 * rarely used terms.
 */

/** mulberry32: small, fast and seeded. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS = [
  'the officer of the watch',
  'the bosun',
  'the deck crew',
  'the chief engineer',
  'the safety officer',
  'the staff captain',
  'the hotel director',
  'each crew member',
  'the master',
  'the duty electrician',
  'the galley team',
  'the security guard',
  'the pilot',
  'the lifeboat commander',
  'the fire team leader',
  'the medical officer',
  'the environmental officer',
  'the cabin steward',
  'the shore excursion manager',
  'the tender coxswain',
];
const VERBS = [
  'checks',
  'inspects',
  'records',
  'reports',
  'secures',
  'tests',
  'confirms',
  'isolates',
  'clears',
  'lowers',
  'raises',
  'briefs',
  'signs',
  'logs',
  'verifies',
  'closes',
  'opens',
  'monitors',
  'cleans',
  'stows',
];
const OBJECTS = [
  'the muster station',
  'the fire door',
  'the pilot ladder',
  'the gangway',
  'the mooring lines',
  'the lifeboat davit',
  'the bunker manifold',
  'the ballast pumps',
  'the garbage record book',
  'the sewage treatment plant',
  'the emergency generator',
  'the watertight doors',
  'the tender platform',
  'the anchor windlass',
  'the galley hood',
  'the provision store',
  'the infirmary oxygen',
  'the laundry dryers',
  'the embarkation deck',
  'the enclosed space entry permit',
  'the hot work permit',
  'the oil record book',
  'the fire detection panel',
  'the sprinkler section valve',
  'the rescue boat',
  'the liferafts',
  'the immersion suits',
  'the breathing apparatus',
  'the helideck',
  'the bow thrusters',
  'the stabiliser fins',
  'the potable water tanks',
  'the refrigeration plant',
  'the shore power connection',
  'the passenger manifest',
  'the crew list',
  'the navigation lights',
  'the radar',
  'the echo sounder',
  'the gyro compass',
];
const PLACES = [
  'before departure',
  'at anchor',
  'alongside',
  'during bunkering',
  'after the drill',
  'at the start of each watch',
  'in heavy weather',
  'before guests embark',
  'at the end of the voyage',
  'during the port state inspection',
  'when the alarm sounds',
  'within the first hour',
  'on every deck',
  'in the engine control room',
  'at the aft mooring station',
  'on the bridge wing',
  'in port',
  'at sea',
  'before the tender leaves',
  'after the guests disembark',
];
const CLOSERS = [
  'and reports any defect to the bridge',
  'and signs the checklist',
  'and records the time in the logbook',
  'so that nothing is left loose',
  'as the safety management system requires',
  'following the manufacturer instructions',
  'with a second person as witness',
  'and keeps the area clear',
  'and confirms by radio',
  'without delay',
];
/** Terms each file names a few of, so a search for one finds a few dozen files. */
export const RARE_TERMS = [
  'gudgeon',
  'pintle',
  'cringle',
  'fairlead',
  'hawsepipe',
  'capstan',
  'thimble',
  'gypsy',
  'scupper',
  'sheave',
  'grommet',
  'bitts',
  'spurling',
  'chainlocker',
  'deadeye',
  'futtock',
  'bowsprit',
  'kedge',
  'wildcat',
  'forefoot',
  'transom',
  'bilgekeel',
  'sternpost',
  'hatchcoaming',
  'lashing',
  'turnbuckle',
  'shackle',
  'swivel',
  'messenger',
  'heaving',
];

/** `pages` pages of about 540 words each: as a PDF of 11-point A4 pages, five pages. */
export function maritimeText(seed: number, pages = 5): string {
  const random = seeded(seed);
  // Skewed picks: the head of each list is common, the tail rare.
  const pick = <T>(list: readonly T[]) => list[Math.floor(list.length * random() ** 2)];
  const out: string[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const sentences: string[] = [`Page ${page}. Procedure ${seed} section ${page}.`];
    let words = 0;
    while (words < 540) {
      let sentence = `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(PLACES)} ${pick(CLOSERS)}`;
      if (random() < 0.0005) sentence += ` using the ${RARE_TERMS[Math.floor(random() * RARE_TERMS.length)]}`;
      sentences.push(`${sentence[0].toUpperCase()}${sentence.slice(1)}.`);
      words += sentence.split(' ').length;
    }
    out.push(sentences.join(' '));
  }
  return out.join('\n\n');
}
