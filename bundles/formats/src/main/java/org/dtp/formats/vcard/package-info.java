/**
 * vCard 2.1, 3.0 and 4.0 to the canonical {@link org.dtp.models.contacts.Contact} and back ({@link VCardFormat}),
 * and which fields two readings of a contact disagree on ({@link ContactDifferences}), for every adapter that reads
 * or writes vCards (CardDAV servers, .vcf files). The vCard library used inside stays private to this bundle.
 * 1.2: {@code read} with a {@link org.dtp.formats.fidelity.ReadLosses} told what the contact cannot carry as given,
 * {@link ContactDifferences#describe} naming the property and values behind a field.
 */
@Export
@Version("1.2.1")
package org.dtp.formats.vcard;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
