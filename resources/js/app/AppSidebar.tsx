// Kite's navigation rail: logo, the three screens, and the external links at the bottom.
import { Activity, BookOpen, PanelLeft, Send, Settings } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { kiteConfig } from '../lib/config';
import { GitHubMark, KiteLogo } from './icons';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarHeader,
  SidebarMenuItem,
  SidebarTrigger,
} from './sidebar/Sidebar';

const screens = [
  { to: '/', label: 'HTTP Client', icon: <Send size={18} />, end: true },
  { to: '/status', label: 'Status', icon: <Activity size={18} />, end: false },
  { to: '/settings', label: 'Settings', icon: <Settings size={18} />, end: false },
];

export function AppSidebar() {
  const links = kiteConfig.links ?? {};
  const external = [
    { href: links.documentation, label: 'Documentation', icon: <BookOpen size={18} /> },
    { href: links.github, label: 'GitHub', icon: <GitHubMark size={18} /> },
  ];
  return (
    <Sidebar aria-label="Kite" {...kiteConfig.sidebar}>
      <SidebarHeader>
        <span className="kite-sidebar-logo" title="Kite">
          <KiteLogo size={22} />
          <span className="kite-sidebar-label kite-sidebar-brand">Kite</span>
        </span>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Screens">
          <SidebarGroup>
            <SidebarGroupContent>
              {screens.map((screen) => (
                <SidebarMenuItem key={screen.to} label={screen.label} icon={screen.icon}>
                  {(content) => (
                    <NavLink to={screen.to} end={screen.end} className="kite-sidebar-button" aria-label={screen.label}>
                      {content}
                    </NavLink>
                  )}
                </SidebarMenuItem>
              ))}
            </SidebarGroupContent>
          </SidebarGroup>
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <SidebarGroup>
          <SidebarGroupContent>
            {external.map((link) => (
              <SidebarMenuItem key={link.label} label={link.label} icon={link.icon}>
                {(content) => (
                  <a href={link.href} target="_blank" rel="noopener noreferrer" className="kite-sidebar-button" aria-label={link.label}>
                    {content}
                  </a>
                )}
              </SidebarMenuItem>
            ))}
          </SidebarGroupContent>
        </SidebarGroup>
        <SidebarTrigger>
          <PanelLeft size={18} aria-hidden="true" />
        </SidebarTrigger>
      </SidebarFooter>
    </Sidebar>
  );
}
