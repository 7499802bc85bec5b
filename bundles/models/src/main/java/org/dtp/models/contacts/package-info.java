/**
 * Address books and contacts, with the semantics of vCard 4 (RFC 6350). 1.2: {@link org.dtp.models.contacts.PropertyDetails},
 * a property's group and parameters by field path in {@link org.dtp.models.contacts.Contact#propertyDetails()}.
 */
@Export
@Version("1.2.0")
package org.dtp.models.contacts;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
