"""The broker's SOAP API from zeep, a client generated from the served WSDL (BrokerZeepTest).

Arguments: the WSDL's address, a provider's token, its endpoint's id and its offer's id (version 1).
Prints one JSON line per step, for the test to check.
"""
import json
import sys

import requests
from lxml import etree
from zeep import Client
from zeep.exceptions import Fault
from zeep.transports import Transport

QOS = 'http://wsqos.io/ns/qos/1'
SERVICE = etree.QName('http://wsqos.io/examples', 'Bookstore')

wsdl, token, endpoint_id, offer_id = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])


def client(token=None):
    # The broker reads the caller's token from the HTTP header of the POST.
    session = requests.Session()
    if token is not None:
        session.headers['Authorization'] = 'Bearer ' + token
    return Client(wsdl, transport=Transport(session=session, timeout=30, operation_timeout=30))


def requirement(max_price):
    # The WSDL declares the Requirement's place as an xs:any: zeep sends an lxml element as given.
    element = etree.Element(etree.QName(QOS, 'Requirement'), nsmap={'qos': QOS})
    etree.SubElement(element, etree.QName(QOS, 'compression')).text = 'server-decides'
    terms = etree.SubElement(element, etree.QName(QOS, 'terms'))
    etree.SubElement(terms, etree.QName(QOS, 'transportPriority')).text = 'assured'
    etree.SubElement(terms, etree.QName(QOS, 'maxPrice')).text = max_price
    return element


def select(step, max_price):
    answer = anonymous.service.select(
        service=SERVICE, currency='EUR', _value_1=[requirement(max_price)])
    candidates = answer.body.selection.candidate
    line = {'step': step, 'candidates': len(candidates)}
    if candidates:
        best = candidates[0]
        line.update(offerId=best.offer.id, price=str(best.offer.terms.price),
                    currency=best.offer.terms.currency, address=best.endpoint.address)
    print(json.dumps(line))


def fault(step, call):
    try:
        call()
        print(json.dumps({'step': step, 'faultcode': None}))
    except Fault as f:
        # A SOAP 1.1 faultcode is a QName: its prefix is whatever the server declared.
        print(json.dumps({'step': step, 'faultcode': f.code.split(':')[-1],
                          'kind': f.detail.findtext('.//kind'),
                          'field': f.detail.findtext('.//field')}))


def terms(price):
    return {'price': price, 'currency': 'EUR', 'maxResponseTimeMillis': 100,
            'availability': 0.99, 'throughputPerSecond': 100.0, 'transportPriority': ['assured']}


anonymous = client()
provider = client(token)

select('select', '0.20')
select('select-below-price', '0.05')

offer = provider.service.updateOffer(id=offer_id, version=1, terms=terms('0.15')).body.offer
print(json.dumps({'step': 'write', 'offerId': offer.id, 'version': offer.version,
                  'price': str(offer.terms.price)}))

fault('forbidden', lambda: provider.service.registerProvider(name='Intruder'))
fault('invalid', lambda: provider.service.publishOffer(endpointId=endpoint_id, terms=terms('-1')))
