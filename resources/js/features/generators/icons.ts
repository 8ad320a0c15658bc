// Lucide icons for generator and category icon names, each imported by name so only these ship.
import {
  AtSign, Binary, Braces, Building2, Calendar, Clock, CreditCard, Database, Fingerprint, Globe, Hash, Image,
  KeyRound, Languages, Link, Mail, MapPin, Phone, Smartphone, ToggleLeft, Type, User, Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { GeneratorIconName } from '../../lib/generators/types';

export const GENERATOR_ICONS: Record<GeneratorIconName, LucideIcon> = {
  type: Type,
  hash: Hash,
  clock: Clock,
  user: User,
  phone: Phone,
  'map-pin': MapPin,
  wallet: Wallet,
  globe: Globe,
  building: Building2,
  fingerprint: Fingerprint,
  database: Database,
  mail: Mail,
  calendar: Calendar,
  link: Link,
  key: KeyRound,
  'credit-card': CreditCard,
  toggle: ToggleLeft,
  image: Image,
  braces: Braces,
  languages: Languages,
  smartphone: Smartphone,
  binary: Binary,
};

export const FALLBACK_ICON: LucideIcon = AtSign;
