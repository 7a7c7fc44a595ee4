package io.wsqos.benchmarks.binding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;

/** Deterministic answers of the sizes the experiment asks for; no state. */
public final class WorkloadsImpl implements Workloads {

  @Override
  public List<SearchResult> search(String query, int results) {
    List<SearchResult> list = new ArrayList<>(results);
    for (int i = 0; i < results; i++) {
      SearchResult r = new SearchResult();
      r.url = "http://www.example.com/" + query.replace(' ', '-') + "/" + i;
      r.title = "About " + query + ", result " + i;
      r.snippet = ("A page that mentions " + query + " in passing, among other things. ").repeat(2);
      r.cachedSize = (10 + i) + "k";
      r.rank = i + 1;
      list.add(r);
    }
    return list;
  }

  @Override
  public List<Product> itemSearch(ItemQuery query) {
    List<Product> list = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      Product p = new Product();
      p.asin = "B000" + (100_000 + i);
      p.title = String.valueOf(query.keywords) + " " + i;
      if (query.author != null || query.artist != null || query.director != null) {
        p.creator = "Creator " + i;
        p.publisher = "Publisher " + i;
        p.salesRank = 1000 + i;
      }
      if (query.city != null) {
        p.address = i + " Main Street, " + query.city;
        p.rating = "4." + i;
      } else {
        p.listPrice = "$" + (10 + i) + ".99";
        p.availability = "Usually ships in 24 hours";
      }
      list.add(p);
    }
    return list;
  }

  @Override
  public List<Address> findAddress(String address) {
    List<Address> list = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Address a = new Address();
      a.street = (i + 1) + " " + address;
      a.city = "Yorktown Heights";
      a.region = "NY";
      a.postalCode = "10598";
      a.country = "United States";
      a.latitude = 41.27 + i / 100.0;
      a.longitude = -73.78 - i / 100.0;
      a.confidence = 0.9 - i / 10.0;
      list.add(a);
    }
    return list;
  }

  @Override
  public byte[] getMap(double latitude, double longitude, int bytes) {
    byte[] image = new byte[bytes];
    Arrays.fill(image, (byte) (latitude + longitude));
    return image;
  }

  @Override
  public List<LedgerEntry> post(List<LedgerEntry> entries) {
    List<LedgerEntry> booked = new ArrayList<>(entries.size());
    for (LedgerEntry entry : entries) {
      LedgerEntry b = new LedgerEntry();
      b.account = entry.account;
      b.counterparty = entry.counterparty;
      b.currency = entry.currency;
      b.reference = entry.reference;
      b.memo = entry.memo;
      b.booked = entry.booked;
      b.valued = entry.valued;
      b.settled = (Calendar) entry.valued.clone();
      b.settled.add(Calendar.DAY_OF_MONTH, 2);
      b.amount = entry.amount;
      booked.add(b);
    }
    return booked;
  }
}
