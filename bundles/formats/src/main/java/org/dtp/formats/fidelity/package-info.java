/**
 * Which fields two instances of one model record hold differently, as field paths ({@code emails[1].types}) with
 * the value on each side ({@link RecordDifferences}): what an importer that reads back what it wrote builds its
 * not-kept reports on. Which differences a destination is known not to keep, and why, stays with each adapter.
 * Only JDK types are in the API. 1.1: {@link org.dtp.formats.fidelity.ReadLosses}, where readers report what the
 * model cannot carry of what they read.
 */
@Export
@Version("1.1.0")
package org.dtp.formats.fidelity;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
